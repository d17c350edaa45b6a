import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts';
import i18n from './i18n';
import { App } from './app/App';
import { createAppStore } from './app/store';

document.documentElement.lang = i18n.language === 'pt' ? 'pt-BR' : 'en';

const store = createAppStore();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
