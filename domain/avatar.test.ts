import { describe, expect, it } from 'vitest';
import { AVATAR_FORM_TYPES, AVATAR_MAX_BYTES, AVATAR_MESSAGES, checkAvatarDataUrl } from './avatar';

// Real 2x2 images, encoded by Chromium's canvas (toDataURL).
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWL6f4bhv3Hamf9MJrPOMIAAAAAA//9K4Mx/AAAABklEQVQDAFCgBs0XmCAnAAAAAElFTkSuQmCC';
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAZEAEBAQEBAQAAAAAAAAAAAAACAQMAETH/xAAUAQEAAAAAAAAAAAAAAAAAAAAG/8QAHBEAAgAHAAAAAAAAAAAAAAAAAAECAwQyM3Gx/9oADAMBAAIRAxEAPwCZ0b10WmiTbtSSvttv2285zn1Nhg0uBuZcz//Z';
const WEBP =
  'data:image/webp;base64,UklGRh4CAABXRUJQVlA4WAoAAAAgAAAAAQAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggMAAAANABAJ0BKgIAAgABQCYlAE6XQABWYdQAAP7dSP413/O4tdugjYhutC0IHPr4Ap4kAA==';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const INVALID = { ok: false, message: 'Avatar must be a PNG, JPEG or WebP image' };
const TOO_LARGE = { ok: false, message: 'Please select an image smaller than 2MB' };

const dataUrl = (kind: string, bytes: Uint8Array | string) =>
  `data:image/${kind};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG signature followed by zeros, `size` bytes in all. */
function pngOfSize(size: number): string {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return dataUrl('png', bytes);
}

describe('checkAvatarDataUrl accepts real images', () => {
  it('accepts a real PNG', () => {
    expect(checkAvatarDataUrl(PNG)).toEqual({ ok: true });
  });

  it('accepts a real JPEG', () => {
    expect(checkAvatarDataUrl(JPEG)).toEqual({ ok: true });
  });

  it('accepts a real WebP', () => {
    expect(checkAvatarDataUrl(WEBP)).toEqual({ ok: true });
  });

  it('accepts exactly 2 MB of image', () => {
    expect(checkAvatarDataUrl(pngOfSize(AVATAR_MAX_BYTES))).toEqual({ ok: true });
  });
});

describe('checkAvatarDataUrl refuses what is not a PNG, JPEG or WebP', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const html = '<html><body><script>alert(1)</script></body></html>';
  const almostPng = Uint8Array.from([...PNG_SIGNATURE.slice(0, 7), 0x00, 1, 2, 3, 4]);
  // A RIFF container that is not WebP (a WAVE file).
  const wave = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 4, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);

  it.each([
    ['SVG, even when it is well-formed base64', dataUrl('svg+xml', svg)],
    // HTML, whatever type it claims.
    ['HTML as text/html', `data:text/html;base64,${Buffer.from(html).toString('base64')}`],
    ['HTML labelled as PNG', dataUrl('png', html)],
    ['HTML labelled as JPEG', dataUrl('jpeg', html)],
    ['HTML labelled as WebP', dataUrl('webp', html)],
    // Bytes of one image type labelled as another.
    ['a PNG labelled as JPEG', PNG.replace('image/png', 'image/jpeg')],
    ['a JPEG labelled as WebP', JPEG.replace('image/jpeg', 'image/webp')],
    ['a WebP labelled as PNG', WEBP.replace('image/webp', 'image/png')],
    // Wrong magic bytes; GIF and BMP are images, but not accepted ones.
    ['a PNG signature wrong in its last byte', dataUrl('png', almostPng)],
    ['GIF bytes', dataUrl('png', 'GIF89a\x01\x00\x01\x00\x00\x00')],
    ['a RIFF container that is not WebP', dataUrl('webp', wave)],
    // Other image types in the data URL, and other casings.
    ['image/gif', PNG.replace('image/png', 'image/gif')],
    ['image/PNG', PNG.replace('image/png', 'image/PNG')],
    ['image/jpg', JPEG.replace('image/jpeg', 'image/jpg')],
    // Data that is not base64.
    ['characters outside base64', 'data:image/png;base64,iVBORw0KGgo!!!!'],
    ['a space inside the base64', 'data:image/png;base64,iVBORw0K Ggo='],
    ['a data URL without ;base64', PNG.replace(';base64', '')],
    ['a utf8 data URL', PNG.replace(';base64,', ';utf8,')],
    ['empty base64', 'data:image/png;base64,'],
    ['a single base64 character', 'data:image/png;base64,A'],
    ['base64 whose length is not a multiple of 4', 'data:image/png;base64,iVBORw0KGgoAAAANA'],
    // Text that is not a data URL.
    ['empty text', ''],
    ['an https link', 'https://example.com/me.png'],
    ['bare base64 without the data URL', PNG.slice('data:image/png;base64,'.length)],
    ['a data URL after a space', ` ${PNG}`],
  ])('refuses %s', (_what, url) => {
    expect(checkAvatarDataUrl(url)).toEqual(INVALID);
  });

  it('refuses an image over 2 MB with the size message', () => {
    expect(checkAvatarDataUrl(pngOfSize(AVATAR_MAX_BYTES + 1))).toEqual(TOO_LARGE);
    expect(checkAvatarDataUrl(pngOfSize(3 * 1024 * 1024))).toEqual(TOO_LARGE);
  });
});

describe('avatar constants', () => {
  it('follow docs/product.md#validation-and-messages and #constants-and-limits', () => {
    expect(AVATAR_FORM_TYPES).toEqual(['image/jpeg', 'image/png']);
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(AVATAR_MESSAGES.invalidTypeTitle).toBe('Invalid file type');
    expect(AVATAR_MESSAGES.invalidType).toBe('Please select a JPEG or PNG image file');
    expect(AVATAR_MESSAGES.tooLargeTitle).toBe('File too large');
    expect(AVATAR_MESSAGES.tooLarge).toBe('Please select an image smaller than 2MB');
  });
});
