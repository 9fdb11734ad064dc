/** The part of archiver 8 (ESM, no bundled types) the ZIP writer uses. */
declare module "archiver" {
  import { Transform, type Readable } from "node:stream";
  export type ZipOptions = { store?: boolean; forceZip64?: boolean; highWaterMark?: number; zlib?: object };
  export type EntryData = { name: string; date?: Date; store?: boolean };
  export class ZipArchive extends Transform {
    constructor(options?: ZipOptions);
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
  }
}
