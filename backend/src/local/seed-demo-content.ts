import type { DataSource } from 'typeorm';
import { BlogPost } from '../blog/blog-post.entity';
import { formatSerial } from '../qr/qr-code';
import { QrStore } from '../qr/qr-store';
import { Testimonial } from '../testimonial/testimonial.entity';
import { DEMO_POSTS, DEMO_TESTIMONIALS } from './demo-content';

const DAY_MS = 24 * 3600 * 1000;
export const DEMO_QR_CODES = { count: 32, firstSerial: 500, pool: 'try' } as const;

/**
 * Fills an empty database with demo posts, testimonials and unused QR codes for /try; leaves any other
 * database alone. Uses the app's own connection: the embedded database accepts only one.
 */
export async function seedDemoContent(dataSource: DataSource, qrStore: QrStore): Promise<string[]> {
  const seeded: string[] = [];
  await dataSource.transaction(async (manager) => {
    if ((await manager.count(BlogPost)) === 0) {
      const now = Date.now();
      await manager.save(
        DEMO_POSTS.map(({ daysAgo, ...post }) => {
          const at = new Date(now - daysAgo * DAY_MS);
          return manager.create(BlogPost, { ...post, createdAt: at, updatedAt: at });
        }),
      );
      seeded.push(`${DEMO_POSTS.length} blog posts`);
    }
    if ((await manager.count(Testimonial)) === 0) {
      await manager.save(DEMO_TESTIMONIALS.map((testimonial) => manager.create(Testimonial, testimonial)));
      seeded.push(`${DEMO_TESTIMONIALS.length} testimonials`);
    }
  });
  const counts = await qrStore.countByStatus();
  if (Object.values(counts).every((count) => count === 0)) {
    await qrStore.createNext(DEMO_QR_CODES.count, DEMO_QR_CODES.pool, DEMO_QR_CODES.firstSerial);
    seeded.push(`${DEMO_QR_CODES.count} unused /try QR codes from #${formatSerial(DEMO_QR_CODES.firstSerial)}`);
  }
  return seeded;
}
