import { describe, expect, it } from 'vitest';
import { AvatarProblem, checkAvatarSource, compressAvatar, dataUrlBytes } from './compress-avatar';

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AvatarProblem ? error.title : String(error);
  }
  return null;
};

describe('header avatar checks', () => {
  it('accepts any image type up to 10 MB', () => {
    expect(problem(() => checkAvatarSource({ type: 'image/gif', size: 10 * 1024 * 1024 }))).toBe(
      null,
    );
  });
  it("refuses what is not an image: 'Invalid file type'", () => {
    expect(problem(() => checkAvatarSource({ type: 'text/plain', size: 10 }))).toBe(
      'Invalid file type',
    );
  });
  it("refuses a source over 10 MB: 'File too large'", () => {
    expect(
      problem(() => checkAvatarSource({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })),
    ).toBe('File too large');
  });
  it('counts the bytes a data URL decodes to', () => {
    expect(dataUrlBytes(`data:image/webp;base64,${btoa('abcd')}`)).toBe(4);
    expect(dataUrlBytes(`data:image/webp;base64,${btoa('abcde')}`)).toBe(5);
  });
  it("reports an image the browser cannot decode as 'Compression failed'", async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' });
    await expect(compressAvatar(file)).rejects.toMatchObject({ title: 'Compression failed' });
  });
});
