/**
 * The OpenCode plugin bundle's one export (scripts/build-cli.mjs): OpenCode calls every function a plugin
 * module exports with its plugin input, and takes the hooks it resolves with.
 */
import { gatehousePlugin } from './opencode-plugin';
import type { PluginInput } from './opencode-plugin';

export const GatehousePlugin = async (input: PluginInput) => Promise.resolve(gatehousePlugin(input));
