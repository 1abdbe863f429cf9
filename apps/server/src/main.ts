import { buildApp } from './app';
import { openDirectPortInCluster } from './cluster/direct-port';
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

  let closeDirectPort: () => void = () => undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches a cluster's processes both from the terminal and from the primary.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    closeDirectPort();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  closeDirectPort = await openDirectPortInCluster(app.server);
  app.log.info(`${config.appName} is ready on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
