/** Avatar rules shared by the forms and the server (docs/product.md#validation-and-messages and #constants-and-limits, docs/architecture.md#identity). */
export const AVATAR_FORM_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const HEADER_AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;
export const HEADER_AVATAR_MAX_DIMENSION = 256;
export const HEADER_AVATAR_WEBP_QUALITY = 0.8;

export const AVATAR_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select a JPEG or PNG image file',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 2MB',
  invalidData: 'Avatar must be a PNG, JPEG or WebP image',
} as const;

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b);
}

function leadingBytes(base64: string, count: number): Uint8Array {
  const chunk = base64.slice(0, Math.ceil(count / 3) * 4);
  const binary = atob(chunk);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Checks that a data URL names PNG, JPEG or WebP and that its bytes really are that image
 * (magic numbers), and that the decoded image is at most 2 MB. SVG and HTML are never accepted.
 */
export function checkAvatarDataUrl(value: string): { ok: true } | { ok: false; message: string } {
  const match = DATA_URL.exec(value);
  if (!match) return { ok: false, message: AVATAR_MESSAGES.invalidData };
  const [, kind, base64 = ''] = match;
  // Browsers always pad base64; anything else would store an image no browser can show.
  if (base64.length % 4 !== 0) return { ok: false, message: AVATAR_MESSAGES.invalidData };
  const decodedLength =
    Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  if (decodedLength > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_MESSAGES.tooLarge };
  let head: Uint8Array;
  try {
    head = leadingBytes(base64, 12);
  } catch {
    return { ok: false, message: AVATAR_MESSAGES.invalidData };
  }
  const real =
    (kind === 'png' && startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (kind === 'jpeg' && startsWith(head, [0xff, 0xd8, 0xff])) ||
    (kind === 'webp' &&
      startsWith(head, [0x52, 0x49, 0x46, 0x46]) &&
      startsWith(head, [0x57, 0x45, 0x42, 0x50], 8));
  return real ? { ok: true } : { ok: false, message: AVATAR_MESSAGES.invalidData };
}
