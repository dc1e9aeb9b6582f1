/** The engine's Node entry point: settings files read from disk, real paths, the installed Bash parser. */
export {
  loadSettings,
  settingsLocations,
  unreadableSettings,
  SettingsFileError,
  type SettingsLocation,
} from './settings-loader';
export { resolveRealPath } from './realpath';
export { checkToolCall } from './check-call';
export { installedBashWasmPaths, loadInstalledBashSupport } from './bash-wasm';
