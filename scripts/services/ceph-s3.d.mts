/** Types of ceph-s3.mjs for the TypeScript tests that start a gateway of their own. */
export declare const cephS3: {
  name: string;
  variable: string;
  debianPackage: string;
  installed(): boolean;
  /** Starts a one-node cluster in `dir`; `defer` receives its stop functions. Returns http://KEY:SECRET@127.0.0.1:PORT. */
  start(dir: string, defer: (stop: () => Promise<void> | void) => void): Promise<string>;
};
