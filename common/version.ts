/**
 * Gatehouse's version, written only in package.json. Every bundle (esbuild's CLI, electron-vite's main
 * process) inlines this one field, so a copy installed anywhere says its version without reading a file.
 */
export { version as GATEHOUSE_VERSION } from '../package.json';
