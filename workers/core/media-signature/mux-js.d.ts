// Types for the parts of mux.js (CommonJS, untyped) the signature imports one by one.

declare module 'mux.js/lib/m2ts/probe.js' {
  interface PesTime {
    pts: number;
    dts: number;
  }
  const probe: {
    parseType(packet: Uint8Array, pmtPid: number | null): 'pat' | 'pmt' | 'pes' | null;
    parsePat(packet: Uint8Array): number;
    parsePmt(packet: Uint8Array): Record<number, number> | undefined;
    parsePayloadUnitStartIndicator(packet: Uint8Array): boolean;
    parsePesTime(packet: Uint8Array): PesTime | null;
  };
  export default probe;
}

declare module 'mux.js/lib/mp4/find-box.js' {
  const findBox: (data: Uint8Array, path: string[]) => Uint8Array[];
  export default findBox;
}

declare module 'mux.js/lib/tools/parse-tfdt.js' {
  const parseTfdt: (data: Uint8Array) => { version: number; baseMediaDecodeTime: number | bigint };
  export default parseTfdt;
}
