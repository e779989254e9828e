import { Navigate, createBrowserRouter } from 'react-router-dom';
import { PAGES } from './pages';
import { RootLayout } from './RootLayout';
import { ShellLayout } from './ShellLayout';
import { LOGIN_PATH, ROUTES, SHELLS } from './table';

/** The route table turned into routes: one layout per shell, the row as each route's handle. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...SHELLS.map((shell) => ({
        element: <ShellLayout shell={shell} />,
        children: ROUTES.filter((row) => row.shell === shell).map((row) => ({
          path: row.path,
          element: PAGES[row.page],
          handle: row,
        })),
      })),
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
]);
