import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
