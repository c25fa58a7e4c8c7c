/** The version of this build (package.json's, or VITE_APP_VERSION at build time). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'development';
