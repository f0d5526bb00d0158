/**
 * The tus file store, written the way the upload temp folder is: a partial upload is a photo of
 * infrastructure, so its folder is 0700 and its bytes and description 0600. @tus/file-store
 * creates them with the process's umask (0755 and 0644 as a rule), readable by every account on
 * the machine.
 */
import { chmod, mkdir, open } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { Upload } from "@tus/server";
import { TEMP_DIR_MODE, TEMP_FILE_MODE } from "./temp-files";

export class PrivateFileStore extends FileStore {
  private ready: Promise<void> | null = null;

  private ensureDir(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.directory, { recursive: true, mode: TEMP_DIR_MODE });
      // mkdir leaves an existing folder's mode alone (and the store's own mkdir made it 0755).
      await chmod(this.directory, TEMP_DIR_MODE);
    })().catch((err: unknown) => {
      this.ready = null; // try again on the next upload
      throw err;
    });
    return this.ready;
  }

  /**
   * Both files are made 0600 before anything is written to them: the store then writes into
   * existing files, which keep their mode. `wx`: an upload id is new, a file by its name is not ours.
   */
  override async create(upload: Upload): Promise<Upload> {
    await this.ensureDir();
    const bytes = path.join(this.directory, upload.id);
    for (const file of [bytes, `${bytes}.json`]) await (await open(file, "wx", TEMP_FILE_MODE)).close();
    await this.configstore.set(upload.id, upload);
    upload.storage = { type: "file", path: bytes };
    return upload;
  }
}
