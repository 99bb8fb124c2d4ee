// The package ships no types; this is the part of its documented API the photo upload uses.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, four bytes a pixel, row after row. */
    data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Buffer | Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  export default decode;
}
