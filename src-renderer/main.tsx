import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/api-context';
import { createClient } from './api/client';
import { App } from './App';
import './styles.css';

const { client } = createClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <ApiProvider client={client}>
      <App />
    </ApiProvider>
  </StrictMode>,
);
