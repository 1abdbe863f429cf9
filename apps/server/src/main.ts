import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { seedDemoIfEmpty } from './db/seed/demo';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  const { mediaTools: tools, mediaToolSources: from } = config;
  app.log.info(
    `media tools: ffmpeg ${from.ffmpeg} (${tools.ffmpegPath}), ffprobe ${from.ffprobe} (${tools.ffprobePath})`,
  );
  if (config.seedDemo) await seedDemoIfEmpty(app.ctx, (line) => app.log.info(line));

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} is ready on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
