// The part of node-notifier 10 the macOS/Windows backend uses (the package ships no types).
declare module 'node-notifier' {
  export interface NotifyMetadata {
    readonly activationType?: string;
    readonly activationValue?: string;
  }
  export type NotifyCallback = (error: Error | null, response?: string, metadata?: NotifyMetadata) => void;
  export interface NodeNotifier {
    notify(options: Record<string, unknown>, callback?: NotifyCallback): unknown;
  }
  const notifier: NodeNotifier;
  export default notifier;
}
