// The WHATWG text codecs: global in every runtime the core runs in (Node.js and browsers),
// declared here because the core compiles without the DOM or Node.js type libraries.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare class TextDecoder {
  decode(input?: Uint8Array): string;
}
