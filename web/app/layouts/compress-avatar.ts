import {
  AVATAR_MAX_BYTES,
  HEADER_AVATAR_MAX_DIMENSION,
  HEADER_AVATAR_SOURCE_MAX_BYTES,
  HEADER_AVATAR_WEBP_QUALITY,
} from '@domain/avatar';

/** Why a header avatar upload stopped; `title` is the toast title of docs/product.md#validation-and-messages. */
export class AvatarProblem extends Error {
  constructor(
    readonly title:
      'Invalid file type' | 'File too large' | 'Image still too large' | 'Compression failed',
    message: string,
  ) {
    super(message);
    this.name = 'AvatarProblem';
  }
}

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
}

/** The source checks: an image, at most 10 MB. */
export function checkAvatarSource(file: { type: string; size: number }): void {
  if (!file.type.startsWith('image/')) {
    throw new AvatarProblem('Invalid file type', 'Please choose an image file.');
  }
  if (file.size > HEADER_AVATAR_SOURCE_MAX_BYTES) {
    throw new AvatarProblem('File too large', 'Please choose an image smaller than 10MB.');
  }
}

/**
 * The header's avatar pipeline (docs/product.md#validation-and-messages and #constants-and-limits): checks the source, scales it so
 * the longer side is at most 256 px, encodes webp at quality 0.8 and checks the result is at
 * most 2 MB.
 */
export async function compressAvatar(file: File): Promise<string> {
  checkAvatarSource(file);
  let dataUrl: string;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, HEADER_AVATAR_MAX_DIMENSION / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    dataUrl = canvas.toDataURL('image/webp', HEADER_AVATAR_WEBP_QUALITY);
  } catch (error) {
    console.error('Avatar compression failed', error);
    throw new AvatarProblem('Compression failed', 'This image could not be read. Try another one.');
  }
  if (!dataUrl.startsWith('data:image/webp')) {
    throw new AvatarProblem('Compression failed', 'This browser cannot encode WebP images.');
  }
  if (dataUrlBytes(dataUrl) > AVATAR_MAX_BYTES) {
    throw new AvatarProblem('Image still too large', 'Even compressed, the image is over 2MB.');
  }
  return dataUrl;
}
