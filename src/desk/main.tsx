// The desk's one script: the page says which view it is (data-view), and it is drawn here.
import { createRoot } from 'react-dom/client';
import { Desk } from './Desk.tsx';
import { Invitation } from './Invitation.tsx';

const root = document.getElementById('desk');
if (root) createRoot(root).render(root.dataset.view === 'invitation' ? <Invitation /> : <Desk />);
