# The site as one executable on a minimal image, for Fly.io (see fly.toml).
#   docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) \
#     --build-arg GIT_COMMIT_TIME=$(git log -1 --format=%cI) -t site .
#   docker run -p 8080:8080 -e SITE_URL=http://localhost:8080 site

# Build: bun compiles server.ts, every route and content/ into dist/site.
FROM oven/bun:1.4.5 AS build
WORKDIR /src
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile
COPY . .
# .git is not sent to the builder (.dockerignore): the commit and its time come in as arguments.
ARG GIT_COMMIT=unknown
ARG GIT_COMMIT_TIME=
RUN GIT_COMMIT=${GIT_COMMIT} GIT_COMMIT_TIME=${GIT_COMMIT_TIME} bun run build && ./dist/site --version

# Runtime: glibc, CA certificates (for the IndexNow calls) and a non-root user; no shell.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/dist/site /app/site
ENV HOST=0.0.0.0 \
    PORT=8080 \
    LOG_FORMAT=json
EXPOSE 8080
USER nonroot:nonroot
# The server drains requests in flight on SIGTERM; fly.toml's kill_signal matches.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/site"]
