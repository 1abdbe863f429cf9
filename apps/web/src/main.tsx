// The global base first: every component's own stylesheet comes after it.
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takeFirstView } from './lib/first-view';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// The page's first view, drawn from the HTML; React draws it again until the page's code is in.
takeFirstView(container);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
