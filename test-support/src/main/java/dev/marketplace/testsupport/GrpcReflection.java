package dev.marketplace.testsupport;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Channel;
import io.grpc.StatusException;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.stub.BlockingClientCall;

/** Asks a service's gRPC server reflection what a client such as grpcurl asks it. */
public final class GrpcReflection {

	private GrpcReflection() {
	}

	/**
	 * The names of the {@code .proto} files reflection sends for the file that defines a symbol
	 * (that file first, then those it imports); none if reflection does not know the symbol.
	 */
	public static List<String> filesFor(Channel channel, String symbol)
			throws InterruptedException, StatusException, InvalidProtocolBufferException {
		BlockingClientCall<ServerReflectionRequest, ServerReflectionResponse> reflection = ServerReflectionGrpc
			.newBlockingV2Stub(channel)
			.serverReflectionInfo();
		try {
			reflection.write(ServerReflectionRequest.newBuilder().setFileContainingSymbol(symbol).build());
			List<String> names = new ArrayList<>();
			for (ByteString file : reflection.read().getFileDescriptorResponse().getFileDescriptorProtoList()) {
				names.add(FileDescriptorProto.parseFrom(file).getName());
			}
			return names;
		}
		finally {
			reflection.halfClose();
		}
	}

}
