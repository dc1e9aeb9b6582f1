/**
 * The environment for a `gatehouse serve` a test spawns: the test's own, less every way to reach the
 * developer's keyring (the session bus address, a bus under $XDG_RUNTIME_DIR, D-Bus autolaunch through a
 * display). The console then keeps its token in a 0600 file in its temporary home, and leaves no
 * `bridge-token:<temporary folder>` entry in the developer's real keyring. `runtimeDir` is a folder of the
 * test's, with no bus in it.
 */
export function keyringFreeEnv(runtimeDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtimeDir };
  for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY']) delete env[name];
  return env;
}
