import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPages, ContactPage, LoginPage, NotFoundPage, pageComponents } from './pageComponents';
import { NavigationBridge } from './NavigationBridge';
import { ProtectedApp } from './ProtectedApp';
import { RouteChangeOverlay } from './RouteChangeOverlay';
import { RoutePending } from './RoutePending';
import { accountPaths, appPrefix, appRoutes, contactPath, homePath, loginPath, notFoundPath } from './routes';

const toNotFound = <Navigate to={notFoundPath} replace />;

export function AppRoutes() {
  return (
    <>
      <NavigationBridge />
      <RouteChangeOverlay />
      <Suspense fallback={<RoutePending />}>
        <Routes>
          <Route path="/" element={<Navigate to={homePath} replace />} />
          <Route path={loginPath} element={<LoginPage />} />
          <Route path={notFoundPath} element={<NotFoundPage />} />
          <Route path={contactPath} element={<ContactPage />} />
          {(Object.keys(accountPaths) as (keyof typeof accountPaths)[]).map((key) => {
            const Page = accountPages[key];
            return <Route key={key} path={accountPaths[key]} element={<Page />} />;
          })}
          <Route path={appPrefix} element={<ProtectedApp />}>
            <Route index element={<Navigate to={homePath} replace />} />
            {appRoutes.map((route) => {
              const Page = pageComponents[route.id];
              return (
                <Route
                  key={route.id}
                  path={route.path.slice(appPrefix.length + 1)}
                  element={route.hidden || !Page ? toNotFound : <Page />}
                />
              );
            })}
            <Route path="*" element={toNotFound} />
          </Route>
          <Route path="*" element={toNotFound} />
        </Routes>
      </Suspense>
    </>
  );
}
