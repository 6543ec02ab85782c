import { describe, expect, it } from 'vitest';
import { typeLabel, VIDEO_TYPE_LABELS } from './video-type-labels';
import { itReturns } from './test-helpers';

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

  itReturns(typeLabel, 'labels %j as %j', [
    // The built-in label, however the name is written.
    ['before-after', 'Before & After'],
    ['Before After', 'Before & After'],
    [' VOICE-OVER ', 'Voice Over'],
    // Custom types, title-cased.
    ['my-custom-type', 'My Custom Type'],
    ['tutorial', 'Tutorial'],
    ['product_demo', 'Product Demo'],
    ['--odd--name', 'Odd Name'],
    ['3d-render', '3d Render'],
    ['', ''],
    // Inherited object keys are not read as labels.
    ['constructor', 'Constructor'],
    ['toString', 'Tostring'],
  ]);
});
