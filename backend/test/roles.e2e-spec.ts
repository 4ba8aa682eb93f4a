import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../src/config/app-config';
import { JobRunner } from '../src/jobs/job-runner';
import { PurgeUnconfirmedJob } from '../src/newsletter/purge-unconfirmed.job';
import { SendNewsletterJob } from '../src/newsletter/send-newsletter.job';
import { TranscodeJob } from '../src/video/transcode.job';
import { validInquiry, validPost } from './support/factories';
import { subscribeConfirmed } from './support/newsletter';
import { startTestApp, type TestApp } from './support/test-app';
import { transcodeJobColumn } from './support/transcode-jobs';
import { makeClip } from './support/video-fixtures';

/** ROLE splits one backend into HTTP replicas and workers; `all` (the default) is both. */
describe('ROLE', () => {
  describe('web', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ROLE: 'web', TRY_SERIAL_FROM: '9000' });
    });
    afterAll(() => t.close());

    it('runs no background job: no transcoder, no newsletter sender, no schedule', async () => {
      for (const job of [TranscodeJob, SendNewsletterJob, PurgeUnconfirmedJob]) {
        // Through ModuleRef: the application's own get() ends the process when nothing is found.
        expect(() => t.app.get(ModuleRef).get(job, { strict: false })).toThrow();
      }
      expect(await t.app.get(JobRunner).schedules()).toEqual([]);
    });

    it('reports the database and storage, without ffmpeg it does not use', async () => {
      const response = await t.http.get('/api/health').expect(200);
      expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', storage: 'up' } });
    });

    it('takes an upload and leaves its transcode queued for a worker', async () => {
      const auth = { Authorization: `Bearer ${await t.adminToken()}` };
      const [code] = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items;
      await t.http
        .post(`/api/messages/${code.qrToken}/video`)
        .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
        .expect(201);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [row] = await t.db.query(
        `SELECT state, job_attempts, ${transcodeJobColumn(t.schema.jobsSchema)} AS job
           FROM video_messages m WHERE qr_code_id = $1`,
        [code.id],
      );
      expect(row).toEqual({ state: 'processing', job_attempts: 0, job: 'waiting' });
    });

    it('publishes a post and leaves its newsletter queued for a worker', async () => {
      const auth = { Authorization: `Bearer ${await t.adminToken()}` };
      await subscribeConfirmed(t, 'reader@giftcast.test');
      const post = (
        await t.http
          .post('/api/posts')
          .set(auth)
          .send(validPost({ published: true }))
          .expect(201)
      ).body;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [{ id, ...campaign }] = await t.db.query(
        'SELECT id, materialized_at, finished_at FROM newsletter_campaigns WHERE post_id = $1',
        [post.id],
      );
      expect(campaign).toEqual({ materialized_at: null, finished_at: null });
      // Queued, and nobody holds it (the claim is the job queue's, no longer a lease column).
      const jobs = await t.db.query(
        `SELECT state FROM ${t.app.get(AppConfig).env.JOBS_SCHEMA}.job WHERE name = 'send-newsletter' AND singleton_key = $1`,
        [id],
      );
      expect(jobs).toEqual([{ state: 'created' }]);
    });
  });

  describe('worker', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ROLE: 'worker' });
    });
    afterAll(() => t.close());

    it('runs the transcoder, the newsletter sender, the purge and the sweep of unconfirmed subscriptions', async () => {
      expect(t.app.get(TranscodeJob, { strict: false }).available).toBe(true);
      expect(t.app.get(SendNewsletterJob, { strict: false })).toBeDefined();
      const schedules = await t.app.get(JobRunner).schedules();
      expect(schedules).toContain('purge-expired');
      expect(schedules).toContain('purge-unconfirmed-subscribers');
    });

    it('answers health checks, with ffmpeg', async () => {
      const response = await t.http.get('/api/health').expect(200);
      expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', storage: 'up', ffmpeg: 'up' } });
    });

    it.each([
      ['GET', '/api/posts?published=true'],
      ['GET', '/api/qr/available'],
      ['GET', '/api/docs/openapi.json'],
      ['POST', '/api/contact'],
    ])('serves nothing else: %s %s is 404 in the API’s shape', async (method, path) => {
      const before = await t.rowCounts();
      const response = await t.http[method === 'GET' ? 'get' : 'post'](path)
        .set('Accept-Language', 'en')
        .send(method === 'POST' ? validInquiry() : undefined)
        .expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'No such API route' });
      expect(await t.rowCounts()).toEqual(before);
    });
  });
});
