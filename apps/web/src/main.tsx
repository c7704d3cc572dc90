import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from './app/error-boundary';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';

// After a deploy, an open tab may ask for a chunk of the old build, which the server no longer
// has (404): load the new build once instead of showing an error. Once per tab, so a chunk that
// truly fails (no signal) does not reload in a loop.
const RELOADED_KEY = 'portal:reloaded-for-new-build';
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine || sessionStorage.getItem(RELOADED_KEY)) return;
  sessionStorage.setItem(RELOADED_KEY, '1');
  event.preventDefault();
  window.location.reload();
});
window.setTimeout(() => sessionStorage.removeItem(RELOADED_KEY), 30_000);

const router = createRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
