// Article alerts: how many confirmed subscribers each category has, and the articles sent.
import { useEffect, useState } from 'react';
import { getJson } from '../api.ts';
import { nairobiTime } from '../format.ts';
import { Said } from '../Said.tsx';
import { useAction } from '../use-action.ts';

interface AlertsOverview {
  categories: { name: string; subscribers: number }[];
  articles: { title: string; sentAt: string | null; recipients: number }[];
}

export function AlertsSection({ signedOut }: { signedOut: () => void }) {
  const [overview, setOverview] = useState<AlertsOverview | null>(null);
  const action = useAction(signedOut);
  const { run } = action;
  useEffect(() => {
    void run(() => getJson<AlertsOverview>('/alerts')).then((answer) => answer && setOverview(answer));
  }, [run]);
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <Said said={action.said} />
      {overview && (
        <>
          <h3>Subscribers by category</h3>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Subscribers</th>
              </tr>
            </thead>
            <tbody>
              {overview.categories.map((category) => (
                <tr key={category.name}>
                  <td>{category.name}</td>
                  <td>{category.subscribers}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Articles sent</h3>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Article</th>
                <th scope="col">Sent</th>
                <th scope="col">Recipients</th>
              </tr>
            </thead>
            <tbody>
              {overview.articles.map((article) => (
                <tr key={article.title}>
                  <td>{article.title}</td>
                  <td>{article.sentAt ? nairobiTime(article.sentAt) : 'not yet'}</td>
                  <td>{article.recipients}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
