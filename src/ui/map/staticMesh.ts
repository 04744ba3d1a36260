/**
 * A mesh whose vertices never change. Pixi's MeshSimple re-uploads its vertex buffer on every
 * render (`autoUpdate`): with the whole map's terrain chunks in view that was ~640 KB of
 * bufferSubData a frame, and on software WebGL the main thread then blocks on the GPU process
 * (profiled: most of the per-frame JS at fit zoom was bufferSubData). A plain Mesh over a
 * MeshGeometry uploads once.
 */
import { Mesh, MeshGeometry, type Texture, type Topology } from 'pixi.js';

export function staticMesh(texture: Texture, positions: Float32Array, uvs: Float32Array, indices: Uint32Array, topology: Topology = 'triangle-list'): Mesh {
  const geometry = new MeshGeometry({ positions, uvs, indices, topology });
  return new Mesh({ geometry, texture });
}
