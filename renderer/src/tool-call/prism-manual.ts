// Prism highlights only when asked: without this it would scan the page for `language-*` blocks on load.
(globalThis as { Prism?: { manual: boolean } }).Prism = { manual: true };
