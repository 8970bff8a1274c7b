import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/api-context';
import { createClient } from './api/client';
import { App } from './App';
import './styles.css';

const { client } = createClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProvider client={client}>
      <App />
    </ApiProvider>
  </StrictMode>,
);
