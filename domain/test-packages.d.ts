// Types of npm packages the tests read our files with (devDependencies without their own types).
declare module 'smpte-timecode' {
  interface SmpteTimecode {
    frameCount: number;
    toString(): string;
  }
  function Timecode(
    timeCode: number | string,
    frameRate?: number | [number, number],
    dropFrame?: boolean,
  ): SmpteTimecode;
  export default Timecode;
}

declare module 'webvtt-parser' {
  export interface WebVTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export class WebVTTParser {
    parse(
      input: string,
      mode?: 'subtitles/captions/descriptions' | 'metadata' | 'chapters',
    ): { cues: WebVTTCue[]; errors: { message: string; line: number }[] };
  }
}
