import { useEffect } from 'react';
import type { ComponentProps } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { ConnectionState } from '../transport/web-transport';
import { App } from './app';

export type Connection = ConnectionState | 'ipc';
export type ConnectionStore = StoreApi<Connection>;

/** Where the transport reports its state, from before the first render on. */
export function createConnectionStore(initial: Connection): ConnectionStore {
  return createStore<Connection>()(() => initial);
}

/**
 * The console as its entry opens it: the app, told how its transport is, loading the queue each time the
 * transport is ready. The state is read through the store's subscription, which React checks again once
 * subscribed: a connection that became ready between the first render and the subscription still loads.
 */
export function ConsoleRoot({
  connection,
  ...app
}: Omit<ComponentProps<typeof App>, 'connection'> & { connection: ConnectionStore }) {
  const state = useStore(connection);
  const { store } = app;
  useEffect(() => {
    if (state === 'ready' || state === 'ipc') void store.getState().load();
    else if (state === 'lost' || state === 'forgotten') store.getState().loseConsole();
  }, [state, store]);
  return <App {...app} connection={state} />;
}
