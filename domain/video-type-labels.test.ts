import { describe, expect, it } from 'vitest';
import { typeLabel, VIDEO_TYPE_LABELS } from './video-type-labels';

describe('video type labels', () => {
  it('labels the eight built-in types', () => {
    expect(VIDEO_TYPE_LABELS).toEqual({
      consultation: 'Consultation',
      'voice-over': 'Voice Over',
      'action-reel': 'Action Reel',
      'before-after': 'Before & After',
      'talking-head': 'Talking Head',
      'personal-story': 'Personal Story',
      vlog: 'Vlog',
      funny: 'Funny',
    });
  });

  it('uses the built-in label, however the name is written', () => {
    expect(typeLabel('before-after')).toBe('Before & After');
    expect(typeLabel('Before After')).toBe('Before & After');
    expect(typeLabel(' VOICE-OVER ')).toBe('Voice Over');
  });

  it('title-cases custom types', () => {
    expect(typeLabel('my-custom-type')).toBe('My Custom Type');
    expect(typeLabel('tutorial')).toBe('Tutorial');
    expect(typeLabel('product_demo')).toBe('Product Demo');
    expect(typeLabel('--odd--name')).toBe('Odd Name');
    expect(typeLabel('3d-render')).toBe('3d Render');
    expect(typeLabel('')).toBe('');
  });

  it('does not read inherited object keys as labels', () => {
    expect(typeLabel('constructor')).toBe('Constructor');
    expect(typeLabel('toString')).toBe('Tostring');
  });
});
