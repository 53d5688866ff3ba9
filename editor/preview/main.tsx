/**
 * The live preview's page (preview.html beside the editor's app, at /keystatic/preview): the site's
 * own stylesheet and faces, then the page drawn from the owner's files (PreviewApp.tsx).
 */
import '../../src/styles/global.css';
import './preview.css';
import { createRoot } from 'react-dom/client';
import { PreviewApp } from './PreviewApp.tsx';

const root = document.getElementById('preview');
if (!root) throw new Error('The live preview’s page has no #preview element.');
createRoot(root).render(<PreviewApp />);
