/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** the API base of the browser build; defaults to /api */
  readonly VITE_API_BASE?: string;
  /** shown when the desktop shell cannot give the server's port */
  readonly VITE_SUPPORT_EMAIL?: string;
}
