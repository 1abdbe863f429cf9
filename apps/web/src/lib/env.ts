/** The only reader of import.meta.env in the web app. */
export const appName: string = import.meta.env.VITE_APP_NAME?.trim() || 'Reeltime';
