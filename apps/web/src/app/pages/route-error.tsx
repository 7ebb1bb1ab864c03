import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/button.tsx';
import { useRuntimeError } from '../error-reporting.tsx';
import styles from './pages.module.css';

/** A route's render or load failure: reported to the overlay, with a way to retry in place. */
export function RouteError() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error);
  useEffect(() => {
    if (!response) useRuntimeError.getState().report(error, 'Page Error');
  }, [error, response]);
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>{response ? `${error.status} ${error.statusText}` : '页面出错了'}</h1>
      <Button variant="primary" size="md" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
