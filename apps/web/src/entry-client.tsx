import { startBrowserApp } from './browser-app';

// The browser entry (index.html's one script): hydrates the server's page (src/browser-app.tsx).
void startBrowserApp();
