/** The part of s3rver (which ships no types) that the test helper uses. */
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  namespace S3rver {
    type Options = {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      resetOnClose?: boolean;
      allowMismatchedSignatures?: boolean;
      vhostBuckets?: boolean;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    };
  }

  class S3rver {
    constructor(options?: S3rver.Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: Server;
  }

  export = S3rver;
}
