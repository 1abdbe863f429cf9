/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name used in page titles; defaults to Reeltime. */
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
