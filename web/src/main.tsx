import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyColorMode, useUiStore } from './stores/ui.store';

// Set the colour mode before the first paint, then follow the toggle.
applyColorMode(useUiStore.getState().colorMode);
useUiStore.subscribe((state) => applyColorMode(state.colorMode));

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
