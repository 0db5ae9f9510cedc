import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the SPA shell lands.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Calendario Partite Garibaldina</h1>
  </StrictMode>,
);
