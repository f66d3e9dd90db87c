// s3rver ships no types: the little of it the tests use (server/test/s3.ts).
declare module "s3rver" {
  import type http from "node:http";
  import type net from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: http.Server;
    run(): Promise<net.AddressInfo>;
    close(): Promise<void>;
  }
}
