// The Electron entry point; desktop-app.ts holds the wiring so tests can import it without starting it.
import { startDesktopApp } from './desktop-app';

void startDesktopApp();
