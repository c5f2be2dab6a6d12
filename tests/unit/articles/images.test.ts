// Where CMS images may come from (one list for the sanitiser, the image
// pipeline and the CSP), and reading an image's size at build time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeImageSize } from '../../../src/lib/articles/image-size.ts';
import {
  imageSourcesFor,
  isAllowedImageUrl,
  isRemoteImage,
  remotePatternsFor,
} from '../../../src/lib/articles/images.ts';
import { largePhoto } from '../../../scripts/lib/photos.ts';

describe('allowed image sources', () => {
  const hosts = ['*.graphassets.com', 'media.mnoadvocates.co.ke', '127.0.0.1'];

  it('are the site’s own paths and https URLs on the listed hosts', () => {
    expect(isAllowedImageUrl('/images/articles/a.svg', hosts)).toBe(true);
    expect(isAllowedImageUrl('https://eu-west-2.graphassets.com/x/y', hosts)).toBe(true);
    expect(isAllowedImageUrl('https://graphassets.com/x', hosts)).toBe(true);
    expect(isAllowedImageUrl('https://media.mnoadvocates.co.ke/a.jpg', hosts)).toBe(true);
    expect(isAllowedImageUrl('https://evil.example/a.jpg', hosts)).toBe(false);
    expect(isAllowedImageUrl('//evil.example/a.jpg', hosts)).toBe(false);
    expect(isAllowedImageUrl('https://user:pw@media.mnoadvocates.co.ke/a.jpg', hosts)).toBe(false);
  });

  it('are never plain http, except from a loopback host that is listed', () => {
    expect(isAllowedImageUrl('http://media.mnoadvocates.co.ke/a.jpg', hosts)).toBe(false);
    expect(isAllowedImageUrl('http://127.0.0.1:4010/assets/a.png', hosts)).toBe(true);
    expect(isAllowedImageUrl('http://localhost:4010/assets/a.png', hosts)).toBe(false);
    expect(isAllowedImageUrl('http://localhost:4010/assets/a.png', ['localhost'])).toBe(true);
  });

  it('give Astro’s image pipeline its remote patterns and the CSP its image sources', () => {
    expect(remotePatternsFor(hosts)).toEqual([
      { protocol: 'https', hostname: 'graphassets.com' },
      { protocol: 'https', hostname: '**.graphassets.com' },
      { protocol: 'https', hostname: 'media.mnoadvocates.co.ke' },
      { protocol: 'https', hostname: '127.0.0.1' },
      { protocol: 'http', hostname: '127.0.0.1' },
    ]);
    expect(imageSourcesFor(hosts)).toEqual([
      'https://*.graphassets.com',
      'https://media.mnoadvocates.co.ke',
      'http://127.0.0.1:*',
    ]);
  });

  it('tell a CMS asset, which the build optimises, from a path on the site', () => {
    expect(isRemoteImage('https://eu-west-2.graphassets.com/x')).toBe(true);
    expect(isRemoteImage('/images/articles/a.svg')).toBe(false);
  });
});

describe('the size of a CMS image', () => {
  let server: Server;
  let base: string;
  let photoBytesSent = 0;

  beforeAll(async () => {
    const photo = await largePhoto({ seed: 2 });
    server = createServer((req, res) => {
      if (req.url === '/photo.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        // Sent in pieces, as a network would: the probe should stop long before the end.
        let sent = 0;
        const next = () => {
          if (sent >= photo.length || res.destroyed) return res.end();
          const piece = photo.subarray(sent, sent + 64 * 1024);
          sent += piece.length;
          photoBytesSent = sent;
          res.write(piece, () => setTimeout(next, 5));
        };
        return next();
      }
      if (req.url === '/page.html')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Not an image</p>');
      // The same server under another name: a host that is not on the list.
      if (req.url === '/elsewhere')
        return res
          .writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/photo.png` })
          .end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { assetHosts: ['127.0.0.1'] };

  it('is read from the first bytes of the download, not the whole file', async () => {
    expect(await probeImageSize(`${base}/photo.png`, options)).toEqual({ width: 2400, height: 1600 });
    expect(photoBytesSent).toBeLessThan(1024 * 1024);
  });

  it('cannot be read from a missing file, a page that is not an image, or a redirect off the allowed hosts', async () => {
    await expect(probeImageSize(`${base}/missing.png`, options)).rejects.toThrow('HTTP 404');
    await expect(probeImageSize(`${base}/page.html`, options)).rejects.toThrow('not an image');
    await expect(probeImageSize(`${base}/elsewhere`, options)).rejects.toThrow(
      /^redirected to localhost:\d+, which is not an allowed image host$/,
    );
  });
});
