declare module "s3rver" {
  import type { Server } from "node:http";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: unknown[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware stack (composed when the server starts listening). */
    middleware: unknown[];
    run(): Promise<Server & { address(): { address: string; port: number } }>;
    close(): Promise<void>;
  }
}
