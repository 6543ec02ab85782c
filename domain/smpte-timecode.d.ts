// Types of the npm package smpte-timecode (a devDependency the timecode tests check against).
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
