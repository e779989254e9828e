import { Navigate, createBrowserRouter } from 'react-router-dom';
import { PageError } from './PageError';
import { PAGES } from './pages';
import { RootLayout } from './RootLayout';
import { ShellLayout } from './ShellLayout';
import { LOGIN_PATH, ROUTES, SHELLS } from '../lib/routes/table';

/** The route table turned into routes: one layout per shell, the row as each route's handle; a page that fails shows PageError inside its shell. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <PageError />,
    children: [
      ...SHELLS.map((shell) => ({
        element: <ShellLayout shell={shell} />,
        children: ROUTES.filter((row) => row.shell === shell).map((row) => ({
          path: row.path,
          element: PAGES[row.page],
          errorElement: <PageError />,
          handle: row,
        })),
      })),
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
]);
