// s3rver ships no types; only what s3rver-child.ts uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(opts: { address: string; port: number; directory: string; silent: boolean });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
