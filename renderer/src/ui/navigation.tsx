import { createContext, useContext } from 'react';

/** Moves between the console's views from inside one of them. */
export interface Navigation {
  /**
   * The rule editor on a project folder: in place in a web tab, its own window in the desktop app; with a
   * `rule`, its add form starts with that rule (a suggestion's Edit).
   */
  readonly openRules: (cwd: string, draft?: { readonly rule: string }) => void;
}

const NavigationContext = createContext<Navigation | undefined>(undefined);

export const NavigationProvider = NavigationContext.Provider;

/** Undefined outside the app's frame (a card rendered alone in a test has nowhere to go). */
export function useNavigation(): Navigation | undefined {
  return useContext(NavigationContext);
}
